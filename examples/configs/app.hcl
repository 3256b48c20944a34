# An application's configuration: it reads the deployment's variables
# (`env`, `region`) and calls the standard library and one function of the
# application's own, `secret(name)`.

service_name = "checkout-${env}"
listen       = "0.0.0.0:${env == "prod" ? 443 : 8443}"
log_level    = upper(env == "prod" ? "warn" : "debug")

database {
  host      = "db.${region}.internal"
  pool_size = max(4, length(replicas) * 8)
  password  = secret("db-password")
  timeout   = "5s"
}

replica "read" {
  hosts = [for r in replicas : "${r}.${region}.internal"]
}

feature_flags = {
  new_checkout = env != "prod"
  audit        = true
}
