// A small HTTP/1.1 load generator: N keep-alive connections, each sending its next request as soon
// as the previous answer is complete (closed loop, like autocannon or wrk). It writes raw bytes on
// node:net sockets so that it costs the machine as little as possible: the client shares the two
// cores with the servers it measures, the same for the baseline and for Quill.
import net from 'node:net';

/** The bytes of a GET or POST request. */
export function requestBytes(host, method, path, headers = {}, body) {
  const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (body !== undefined) {
    lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(payload)}`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${payload}`);
}

/** Index of the end of one complete response in `buf` (after its body), or -1 while incomplete. */
function responseEnd(buf) {
  const head = buf.indexOf('\r\n\r\n');
  if (head < 0) return -1;
  const headers = buf.subarray(0, head).toString('latin1').toLowerCase();
  const length = /\r\ncontent-length:\s*(\d+)/.exec(headers);
  if (length) {
    const end = head + 4 + Number(length[1]);
    return buf.length >= end ? end : -1;
  }
  if (headers.includes('transfer-encoding: chunked')) {
    const last = buf.indexOf('\r\n0\r\n\r\n', head);
    return last < 0 ? -1 : last + 7;
  }
  return head + 4;
}

/**
 * Runs `connections` closed-loop connections against `origin` for `durationMs`; `next(i)` gives the
 * bytes of the i-th request (a different job each time, for example). Answers requests per
 * second, latency percentiles in ms, and the status codes counted.
 */
export function runLoad({ origin, next, connections = 50, durationMs = 5000 }) {
  const { hostname, port } = new URL(origin);
  const latencies = [];
  const statuses = new Map();
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + durationMs;
  return new Promise((resolve) => {
    let open = connections;
    const finish = () => {
      if (--open > 0) return;
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
      resolve({
        requests: latencies.length,
        perSecond: latencies.length / seconds,
        p50: at(0.5),
        p99: at(0.99),
        max: latencies.at(-1) ?? NaN,
        statuses: Object.fromEntries(statuses),
        errors,
      });
    };
    for (let c = 0; c < connections; c++) {
      const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
      let buf = Buffer.alloc(0);
      let t0 = 0;
      const send = () => {
        if (performance.now() >= until) {
          socket.end();
          return;
        }
        t0 = performance.now();
        socket.write(next(sent++));
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        const end = responseEnd(buf);
        if (end < 0) return;
        latencies.push(performance.now() - t0);
        const status = buf.subarray(9, 12).toString('latin1');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        buf = buf.subarray(end);
        send();
      });
      socket.on('error', () => {
        errors++;
      });
      socket.on('close', finish);
    }
  });
}
