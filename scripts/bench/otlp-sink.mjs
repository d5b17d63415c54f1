// An OTLP/HTTP endpoint that accepts every export and drops it: the bench measures what tracing
// costs the apps (making, batching, encoding and sending spans), not a collector's work.
import { createServer } from 'node:http';

export async function startOtlpSink() {
  let requests = 0;
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk) => (bytes += chunk.length));
    req.on('end', () => {
      requests++;
      // An empty ExportTraceServiceResponse: everything accepted.
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    received: () => ({ requests, bytes }),
    close: () => server.close(),
  };
}
