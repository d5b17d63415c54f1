// An app's main module as the apps write theirs: `runWhenMain` first (@mboa/platform/launch), its
// framework imported only inside `start`. Prints `RESULT {...}`: whether Express was patched as it
// loaded and which loader hooks were registered (the `REGISTER` lines of otel-imports.mjs).
import { runWhenMain } from '../../launch/index.js';

runWhenMain(import.meta.url, 'launch-child', async () => {
  const express = (await import('express')).default;
  const route = express.Router.prototype.route as unknown as Record<string, unknown>;
  console.log(`RESULT ${JSON.stringify({ expressPatched: '__wrapped' in route })}`);
});
