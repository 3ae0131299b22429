// What a handler gets for one request, and what it answers with.
import type { FastifyRequest } from 'fastify';
import type { Operation } from '../../src/spec/types.js';
import type { LoadedSpec } from '../spec-cache.js';
import type { ShopPoints } from './points.js';
import type { State } from './state.js';

export interface ShopEnv {
  spec: LoadedSpec;
  state: State;
  /** The extension points (points.ts): the shop's own behaviour, or as faults wrap it. */
  points: ShopPoints;
  /** Folder the uploaded files are written to. */
  uploadDir: string;
  now(): Date;
}

export interface OpContext extends ShopEnv {
  op: Operation;
  /** Declared path parameters, parsed (integers, number arrays, ...). */
  params: Record<string, unknown>;
  /** Declared query parameters, parsed; undeclared ones are left out. */
  query: Record<string, unknown>;
  /** The JSON body, readOnly fields stripped and validated against the spec. */
  body: unknown;
  req: FastifyRequest;
}

export interface Answer {
  /** Defaults to the lowest 2xx the operation declares. */
  status?: number;
  body: unknown;
  /** Path below the API root of a created record; becomes the Location header. */
  location?: string;
  headers?: Record<string, string>;
  /** Answer as is: no list parameters, no links, no schema shaping (file lists, results). */
  raw?: boolean;
}

export type Handler = (ctx: OpContext) => Answer | Promise<Answer>;

/** The integer value of a path parameter (the router parsed and checked it). */
export function idParam(ctx: OpContext, name: string): number {
  const v = ctx.params[name];
  if (typeof v !== 'number') throw new Error(`path parameter ${name} is not a number`);
  return v;
}

export function idsParam(ctx: OpContext, name: string): number[] {
  const v = ctx.params[name];
  if (Array.isArray(v)) return v.filter((x): x is number => typeof x === 'number');
  if (typeof v === 'number') return [v];
  throw new Error(`path parameter ${name} is not a list of numbers`);
}
