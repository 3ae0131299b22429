// Cache clears and the image-processing trigger: destructive on a real shop, no state here.
import type { Handler } from '../engine/context.js';
import { resultBody } from '../engine/shape.js';
import { successStatus } from '../engine/statuses.js';
import type { GroupModule } from './module.js';

function done(action: string, filename: string): Handler {
  return (ctx) => {
    const status = successStatus(ctx.op);
    return { status, body: resultBody(ctx.op, status, { action, filename }), raw: true };
  };
}

export const maintenance: GroupModule = {
  handlers: {
    deleteCache: done('delete', 'cache'),
    deleteCacheEmail: done('delete', 'cache/email'),
    deleteCacheFilter: done('delete', 'cache/filter'),
    deleteCacheModule: done('delete', 'cache/module'),
    deleteCachePage: done('delete', 'cache/page'),
    deleteCacheProducts: done('delete', 'cache/products'),
    deleteCacheProperties: done('delete', 'cache/properties'),
    deleteCacheText: done('delete', 'cache/text'),
    setImageProcessingTrigger: done('trigger', 'image_processing'),
  },
};
