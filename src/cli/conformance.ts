// The conformance command for callers that start it with `node --import tsx src/cli/conformance.ts`
// (the self-tests): it goes through the npm scripts' own entry, conformance.mjs (which says why it
// loads the command in a namespace of its own), so every run starts the command the same way.
import './conformance.mjs';
