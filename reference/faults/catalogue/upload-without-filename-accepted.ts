// What the shop checks in an upload: without a `filename` field, the file's own name is taken.
import { defineFault } from '../types.js';

export default defineFault({
  name: 'upload-without-filename-accepted',
  description: "An upload without the filename field is stored under the uploaded file's own name instead of refused with 400.",
  catches: ['@rule:files'],
  area: 'catalogue',
  checks: {
    upload: (shop) => (parts) => shop(parts.filename === undefined ? { ...parts, filename: parts.ownName } : parts),
  },
});
