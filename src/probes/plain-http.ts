// The same path over plain http (same host and port, or port 80 for the default https port),
// WITHOUT credentials, no redirects followed: nothing secret crosses plain http.
import { fillPath } from '../spec/catalogue.js';
import { blocked, type Probe } from './types.js';

export const plainHttpProbe: Probe = async (op, env) => {
  if (!env.https) return blocked('skip', 'the target is http; transportSecurity applies to https targets');
  const positive = await env.probe('positive', op);
  let url = positive.exchanges[0]?.request.url;
  if (!url) {
    const ones = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, '1']));
    url = `${env.client.apiRoot}${fillPath(op.path, ones)}`;
  }
  const u = new URL(url);
  const port = u.port;
  u.protocol = 'http:';
  u.port = port;
  const ex = await env.client.send('GET', u.toString(), { auth: 'none', intent: 'plain-http', label: 'same path over plain http, no credentials', noAnswer: 'return', timeoutMs: 5000, maxRedirects: 0 });
  return { exchanges: [ex] };
};
