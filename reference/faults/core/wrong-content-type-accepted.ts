// At the edge: a write (or a request whose operation takes a JSON body) sent as text/plain is
// relabelled application/json before the body is parsed, so the shop reads it as JSON (uploads
// still need multipart/form-data).
import { isUpload, mediaType } from '../../engine/body.js';
import { opOf } from '../../http/request-info.js';
import { defineFault } from '../types.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export default defineFault({
  name: 'wrong-content-type-accepted',
  description: 'POST/PUT/PATCH with a JSON body sent as text/plain is processed instead of answering 415.',
  catches: ['@check:negativeDataRejection'],
  area: 'core',
  http: {
    onRequest: () => (req, _reply, done) => {
      const op = opOf(req);
      if (op && !isUpload(op) && (WRITES.has(req.method) || op.body) && mediaType(req) === 'text/plain') {
        req.headers['content-type'] = String(req.headers['content-type']).replace(/^\s*text\/plain/i, 'application/json');
      }
      done();
    },
  },
});
