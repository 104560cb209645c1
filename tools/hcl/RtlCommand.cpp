// PLACEHOLDER so that the tree configures while `hcl rtl` is being written
// (issue 12). The Verilog engineer replaces this file entirely.
