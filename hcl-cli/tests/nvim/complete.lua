-- Neovim as the language server's client: attaches `hcl lsp` to a file,
-- waits for its diagnostics, asks for completion at a position and writes
-- what it got to a JSON file, then quits. Run by hcl-cli/tests/lsp_nvim.rs,
-- which passes everything through the environment:
--   HCL_BIN     the `hcl` command
--   HCL_SCHEMA  a schema file for `hcl lsp --schema`, or empty
--   HCL_FILE    the file to open
--   HCL_LINE, HCL_CHARACTER   the completion position (0-based, UTF-16)
--   HCL_OUT     where to write {"diagnostics": [...], "items": [...]}
local env = vim.fn.environ()
local cmd = { env.HCL_BIN, "lsp" }
if env.HCL_SCHEMA ~= nil and env.HCL_SCHEMA ~= "" then
  table.insert(cmd, "--schema")
  table.insert(cmd, env.HCL_SCHEMA)
end

local function finish(result)
  vim.fn.writefile({ vim.fn.json_encode(result) }, env.HCL_OUT)
  vim.cmd("qall!")
end

local function main()
  vim.cmd("edit " .. vim.fn.fnameescape(env.HCL_FILE))
  local bufnr = vim.api.nvim_get_current_buf()
  local diagnostics = nil
  local client_id = vim.lsp.start_client({
    name = "hcl",
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(env.HCL_FILE, ":p:h"),
    handlers = {
      ["textDocument/publishDiagnostics"] = function(_, result)
        diagnostics = result.diagnostics
      end,
    },
  })
  if client_id == nil then
    finish({ error = "the server did not start" })
  end
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  if not vim.wait(20000, function() return diagnostics ~= nil end, 20) then
    finish({ error = "no diagnostics" })
  end

  local position = { line = tonumber(env.HCL_LINE), character = tonumber(env.HCL_CHARACTER) }
  local response = client.request_sync("textDocument/completion", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = position,
  }, 20000, bufnr)
  if response == nil or response.err ~= nil then
    finish({ error = "no completion", detail = vim.inspect(response) })
  end
  -- A server with nothing to offer may answer null.
  local items = {}
  if response.result ~= nil and response.result ~= vim.NIL then
    items = response.result.items or response.result
  end
  local labels = {}
  for _, item in ipairs(items) do
    table.insert(labels, item.label)
  end
  local messages = {}
  for _, d in ipairs(diagnostics) do
    table.insert(messages, { code = d.code, line = d.range.start.line, severity = d.severity })
  end
  client.stop()
  finish({ diagnostics = messages, items = labels })
end

-- A Lua error ends the run too, with the error as the result.
local ok, err = pcall(main)
if not ok then
  finish({ error = tostring(err) })
end
