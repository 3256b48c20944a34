# A deployment program in the spirit of Pulumi's HCL programs: resources
# take inputs and give outputs, values that exist only once the resource is
# created. The program is type-checked before anything runs.

variable "env" {
  type = string
}

variable "replicas" {
  type = int
}

resource "bucket" "site" {
  name       = "site-${var.env}"
  versioning = var.env == "prod"
}

resource "dns_record" "www" {
  zone   = "example.com"
  name   = "www-${var.env}"
  target = bucket.site.endpoint
}

resource "monitor" "uptime" {
  url      = "https://${dns_record.www.fqdn}/health"
  name     = bucket.site.id
  interval = 60 * var.replicas
}
