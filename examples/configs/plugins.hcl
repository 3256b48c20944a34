# Plugins share a common header (`enabled`, `order`); the rest of each
# block belongs to the plugin and only the plugin knows its schema.

plugin "cache" {
  enabled = true
  order   = 1

  size_mb = 256
  ttl     = "10m"
}

plugin "rate_limit" {
  enabled = true
  order   = 2

  requests_per_second = 50
  burst               = 100

  exempt {
    cidr = "10.0.0.0/8"
  }
}

plugin "audit" {
  enabled = false
  order   = 3
  sink    = "syslog"
}
