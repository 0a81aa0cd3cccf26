module claude-hook-protocol/examples/bindings/go

go 1.19

require claude-hook-protocol/generated/go v0.2.0

replace claude-hook-protocol/generated/go => ../../../generated/go
