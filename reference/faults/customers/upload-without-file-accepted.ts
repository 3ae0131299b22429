// What the shop checks in an upload: a request without the file part gets a one-byte file in its place.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'upload-without-file-accepted',
  description: 'An upload without a file part answers success (an empty file under the given name) instead of 400.',
  catches: ['@rule:files'],
  area: 'customers',
  checks: {
    upload: (shop) => (parts) => shop(parts.data ? parts : { ...parts, data: Buffer.alloc(1) }),
  },
});
