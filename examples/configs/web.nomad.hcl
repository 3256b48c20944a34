# A Nomad-like job specification: job -> group -> task, each with a label.
job "web" {
  datacenters = ["eu-1", "eu-2"]
  type        = "service"

  group "frontend" {
    count = 3

    network {
      port "http" {
        to = 8080
      }
      port "metrics" {}
    }

    task "nginx" {
      driver = "docker"

      config {
        image = "nginx:1.27"
        ports = ["http"]
      }

      env {
        WORKERS = 4
        MODE    = "production"
      }

      resources {
        cpu    = 500
        memory = 256
      }
    }

    task "log-shipper" {
      driver = "exec"

      config {
        command = "/usr/bin/shipper"
        args    = ["--port", "9000"]
      }
    }
  }
}
