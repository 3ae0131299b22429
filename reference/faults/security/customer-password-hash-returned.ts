// At the edge: customer answers carry the customer's password hash, as a shop that serialises its
// whole customer row would.
import { defineFault } from '../types.js';

const HASH = '$2y$10$abcdefghijklmnopqrstuuJ9c3vL0GmVq1dJ7m2Fq3n4y5z6A7B8C';

function withHash(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withHash);
  if (v && typeof v === 'object' && 'email' in v) return { ...v, passwordHash: HASH };
  return v;
}

export default defineFault({
  name: 'customer-password-hash-returned',
  description: 'Customer answers carry a `passwordHash` field with a bcrypt hash.',
  catches: ['@security:answers'],
  shows: 'security',
  finds: ['secret:answer'],
  area: 'security',
  http: {
    onSend: () => (req, reply, payload, done) => {
      if (reply.statusCode !== 200 || typeof payload !== 'string' || !/\/customers(?:\/\d+)?(?:\?|$)/.test(req.url)) {
        done(null, payload);
        return;
      }
      try {
        done(null, JSON.stringify(withHash(JSON.parse(payload))));
      } catch {
        done(null, payload);
      }
    },
  },
});
