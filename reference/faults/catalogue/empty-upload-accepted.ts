// What the shop checks in an upload: an empty file passes (every other check still applies) and is stored empty.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'empty-upload-accepted',
  description: 'An upload of an empty (0-byte) file is stored instead of refused with a 4xx.',
  catches: ['@rule:files'],
  area: 'catalogue',
  checks: {
    upload: (shop) => (parts) => (parts.data?.length === 0 ? { ...shop({ ...parts, data: Buffer.alloc(1) }), data: parts.data } : shop(parts)),
  },
});
