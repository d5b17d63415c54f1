import { gatewayConfigFromEnv } from './config.js';
import { createGateway } from './app.js';

async function main(): Promise<void> {
  const config = gatewayConfigFromEnv();
  const app = await createGateway(config);
  app.enableShutdownHooks();
  await app.listen(config.port);
  console.log(`gateway listening on http://localhost:${config.port}`);
}

main().catch((error) => {
  console.error(`gateway failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
