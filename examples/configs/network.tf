# A Terraform-like module: user functions and dynamic blocks.

function "cidr_for" {
  params = [index]
  result = "10.0.${index}.0/24"
}

function "port_name" {
  params         = [port]
  variadic_param = suffixes
  result         = join("-", concat(["port", tostring(port)], suffixes))
}

resource "aws_security_group" "web" {
  description = "web-${var.env}"

  dynamic "ingress" {
    for_each = var.ports
    iterator = port
    content {
      description = port_name(port.value, var.env)
      from_port   = port.value
      to_port     = port.value
      cidr_blocks = [for i in range(2) : cidr_for(i)]
    }
  }

  dynamic "tag" {
    for_each = var.tags
    labels   = [tag.key]
    content {
      value = upper(tag.value)
    }
  }
}

resource "aws_instance" "app" {
  description = "app-${var.env}"

  dynamic "ebs_block_device" {
    for_each = { sdb = 100, sdc = 500 }
    content {
      device_name = "/dev/${ebs_block_device.key}"
      volume_size = ebs_block_device.value

      dynamic "tag" {
        for_each = toset(["backup", "encrypted"])
        labels   = [tag.value]
        content {
          value = "${ebs_block_device.key}:${tag.value}"
        }
      }
    }
  }
}
