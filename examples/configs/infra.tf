# A Terraform-like configuration: variables, resources with two labels,
# nested blocks and outputs. The application evaluates it with its own
# variables (`var`) and decodes it into typed structs.

variable "region" {
  description = "Where everything runs."
  default     = "eu-west-1"
}

variable "instance_count" {
  default = 2
}

resource "aws_instance" "web" {
  ami           = "ami-0c55b159cbfafe1f0"
  instance_type = var.instance_count > 1 ? "m5.large" : "t3.micro"
  count         = var.instance_count

  tags = {
    Name   = "web-${var.region}"
    Region = upper(var.region)
  }

  ebs_block_device {
    device_name = "/dev/sdb"
    volume_size = 20
  }

  ebs_block_device {
    device_name = "/dev/sdc"
    volume_size = 100
  }

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_s3_bucket" "logs" {
  ami    = "none"
  bucket = "logs-${var.region}"
}

output "bucket" {
  value       = "logs-${var.region}"
  description = "The bucket that keeps the logs."
}
