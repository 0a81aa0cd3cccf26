/**
 * A short differential run against the serde oracle, when its binary is
 * built (`$SERDE_ORACLE`, default /tmp/oracle/target/release/
 * exomonad-hook-oracle; shared/tools/serde-oracle/build.sh builds it).
 * scripts/fuzz-serde.ts runs the long version (100,000 cases per seed).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { fuzzSeed, oracleAvailable } from "../scripts/fuzz-serde.js";

for (const generator of ["fuzz_gen", "targeted", "multibyte", "tagged", "escapes"]) {
  test(`oracle differential (${generator}, 3,000 cases): same accept/reject, canonical text and error text`, { skip: !oracleAvailable() && "serde oracle not built" }, async () => {
    const report = await fuzzSeed(3000, 20261129, 0, generator);
    assert.equal(report.cases, 3000);
    assert.equal(report.acceptReject, 0);
    assert.equal(report.canonical, 0);
    assert.equal(report.badRequest, 0);
    assert.equal(report.errorTextEqual, report.bothRejected);
  });
}
