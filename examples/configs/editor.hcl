region = "eu-west-1"

service "web" {
  port = 8080

  check {
    path = "/health"
  }
}

service "jobs" {
  port     = 9000
  replicas = 3
}
