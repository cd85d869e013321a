#!/usr/bin/env node
// The published entry point: runs the compiled CLI from dist/.
import { main } from "../dist/cli/main.js";

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`stopline: ${error?.message ?? error}`);
    process.exitCode = 2;
  },
);
