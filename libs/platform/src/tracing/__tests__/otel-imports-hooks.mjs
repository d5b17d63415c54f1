export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/@opentelemetry/')) console.log(`OTEL ${result.url.slice(result.url.indexOf('@opentelemetry/'))}`);
  return result;
}
