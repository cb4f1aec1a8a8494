/**
 * OpenTelemetry tracing from promokit's `hooks`: one span per call, following OpenTelemetry's
 * HTTP client semantic conventions (`http.request.method`, `url.full`, `server.address`,
 * `server.port`, `http.response.status_code`, `http.request.resend_count`, `error.type`), an event
 * per retry, and the W3C `traceparent` of the span sent with every attempt through `setHeader`.
 *
 * `tracingHooks()` is the recipe to copy: it needs only `@opentelemetry/api`. The rest sets up an
 * in-memory tracer (`@opentelemetry/sdk-trace-base`) and the W3C propagator
 * (`@opentelemetry/core`), as an application's telemetry setup would, makes four calls (one of
 * them retried after a 503, one a 404), prints the spans and checks them, and checks that every
 * request reaching the mock service carried its span's `traceparent`.
 *
 * Against a real service (PROMOKIT_BASE_URL and credentials set) it makes the read-only calls
 * with PROMOKIT_EXAMPLE_MEMBER_ID and prints the spans, without the mock's checks.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { ApiError, Client, type Hooks } from 'promokit';
import { live, run, step, title, type Setup } from './lib/connect.js';
import { createMockService } from 'promokit/testing';

/**
 * Hooks that trace every promokit call as an OpenTelemetry client span. The span starts with the
 * first attempt (a child of the span active when the call was made) and ends when the call has a
 * successful response, or with the error the call rejects with. A response body that breaks its
 * schema in `strict` mode rejects after the HTTP exchange succeeded: the span stays a success.
 */
export function tracingHooks(tracer: Tracer): Hooks {
  const spans = new Map<number, Span>();
  return {
    request(event) {
      let span = spans.get(event.callId);
      if (!span) {
        const url = new URL(event.url);
        span = tracer.startSpan(
          event.method,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'http.request.method': event.method,
              'url.full': event.url,
              'server.address': url.hostname,
              'server.port': Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
              'promokit.operation': event.operation,
            },
          },
          context.active(),
        );
        spans.set(event.callId, span);
      }
      if (event.attempt > 1) span.setAttribute('http.request.resend_count', event.attempt - 1);
      // W3C `traceparent` (and whatever else the application's propagators send) on this attempt.
      propagation.inject(trace.setSpan(context.active(), span), event, { set: (carrier, name, value) => carrier.setHeader(name, value) });
    },
    response(event) {
      const span = spans.get(event.callId);
      span?.setAttribute('http.response.status_code', event.status);
      if (event.requestId) span?.setAttribute('promokit.request_id', event.requestId);
      if (span && event.status < 400) {
        span.end();
        spans.delete(event.callId);
      }
    },
    retry(event) {
      spans
        .get(event.callId)
        ?.addEvent('retry', { 'promokit.attempt': event.attempt, 'promokit.retry.delay_ms': event.delayMs, 'promokit.retry.reason': event.reason });
    },
    error(event) {
      const span = spans.get(event.callId);
      if (!span) return;
      // The status code for an HTTP error, else the error's class: `TimeoutError`, `ConnectionError`, …
      span.setAttribute('error.type', event.error instanceof ApiError ? String(event.error.status) : event.error.name);
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
      span.end();
      spans.delete(event.callId);
    },
  };
}

/** One line per span: name, operation, status, retries, trace and span ids. */
function describe(span: ReadableSpan): string {
  const a = span.attributes;
  const retries = span.events
    .filter((e) => e.name === 'retry')
    .map((e) => `retry after ${e.attributes?.['promokit.retry.reason']} (${e.attributes?.['promokit.retry.delay_ms']} ms)`);
  const outcome = a['error.type'] ? `error.type=${a['error.type']}` : `status ${a['http.response.status_code']}`;
  return `${span.name} ${a['promokit.operation']} ${a['url.full']}: ${outcome}${retries.length ? `, ${retries.join(', ')}` : ''} [trace ${span.spanContext().traceId.slice(0, 8)}…, span ${span.spanContext().spanId}]`;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`check failed: ${what}`);
}

// The application's telemetry setup: an in-memory exporter here, an OTLP exporter in production.
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const hooks = tracingHooks(trace.getTracer('promokit-example'));

const mock = live ? undefined : createMockService();
/** `traceparent` of every request the mock service received, in order. */
const received: Array<string | null> = [];
let failNext = false;

const client = mock
  ? new Client({
      ...mock.credentials,
      baseUrl: mock.baseUrl,
      hooks,
      // The mock service's front door: records what each request carries and, once, answers 503
      // the way a busy load balancer would, so the span shows a retry.
      fetch: async (input, init) => {
        const request = new Request(input, init);
        received.push(request.headers.get('traceparent'));
        if (failNext) {
          failNext = false;
          return new Response('<html><body>503 Service Unavailable</body></html>', { status: 503, headers: { 'content-type': 'text/html' } });
        }
        return mock.fetch(request);
      },
    })
  : new Client({ hooks });
const setup: Pick<Setup, 'target'> = {
  target: mock ? `the embedded mock service (${mock.baseUrl}, no network)` : `the service at ${process.env.PROMOKIT_BASE_URL}`,
};

run(async () => {
  title('OpenTelemetry spans from promokit hooks', setup as Setup);
  const memberId = mock ? mock.ids.members.ada : process.env.PROMOKIT_EXAMPLE_MEMBER_ID;
  if (!memberId) {
    console.error('Set PROMOKIT_EXAMPLE_MEMBER_ID to run this example against a real service.');
    process.exit(2);
  }

  await client.loyalties.getMember(memberId);
  failNext = Boolean(mock);
  await client.loyalties.getMember(memberId);
  await client.loyalties.getMember('LOYAL-NO-SUCH-CARD').catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
  });
  if (mock) await client.clientEvents.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' } });

  const spans = exporter.getFinishedSpans();
  step(`${spans.length} spans, one per call:`);
  for (const span of spans) console.log(`   ${describe(span)}`);
  if (!mock) return;

  // The checks CI runs (`node scripts/examples.mjs`).
  check(spans.length === 4, 'four calls, four spans');
  const [first, retried, missing] = spans as [ReadableSpan, ReadableSpan, ReadableSpan, ReadableSpan];
  for (const span of spans) {
    check(span.kind === SpanKind.CLIENT, 'client spans');
    check(span.attributes['server.address'] === new URL(mock.baseUrl).hostname, 'server.address');
    check(String(span.attributes['url.full']).startsWith(mock.baseUrl), 'url.full');
    check(['GET', 'POST'].includes(String(span.attributes['http.request.method'])), 'http.request.method');
  }
  check(
    first.attributes['http.response.status_code'] === 200 && first.events.length === 0 && first.status.code !== SpanStatusCode.ERROR,
    'a plain call: 200, no retry',
  );
  check(retried.events.length === 1 && retried.events[0]!.attributes?.['promokit.retry.reason'] === 'status 503', 'the 503 gave one retry event');
  check(
    retried.attributes['http.request.resend_count'] === 1 && retried.attributes['http.response.status_code'] === 200,
    'the retried call: resent once, then 200',
  );
  check(missing.attributes['error.type'] === '404' && missing.status.code === SpanStatusCode.ERROR, 'the 404: error.type 404');
  // Five requests (the retried call sent two); each carried the traceparent of its own span.
  check(received.length === 5, `five requests reached the mock, got ${received.length}`);
  const expected = [first, retried, retried, missing, spans[3]!].map((s) => `00-${s.spanContext().traceId}-${s.spanContext().spanId}-01`);
  check(
    received.every((header, i) => header === expected[i]),
    `every request carried its span's traceparent: ${received.join(', ')}`,
  );
  step(`The mock service received a traceparent on all ${received.length} requests, each naming its call's span.`);
});
