# A small Terraform-like configuration.

variable "region" {
  type    = string
  default = "eu-west-1"
}

locals {
  name   = "web-${var.region}"
  ports  = [80, 443]
  labels = { for p in local.ports : "port-${p}" => p if p != 22 }
}

resource "aws_instance" "web" {
  ami           = "ami-0c55b159cbfafe1f0"
  instance_type = var.large ? "m5.large" : "t3.micro"
  count         = length(local.ports)

  tags = {
    Name = local.name
    Role = "frontend"
  }

  ebs_block_device { volume_size = 20 }

  user_data = <<-EOT
    #!/bin/sh
    echo "hello from ${local.name}"
    EOT
}

output "public_ips" {
  value = aws_instance.web[*].public_ip
}
