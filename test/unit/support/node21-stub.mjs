// A stub of the newest Node that package.json's engines (>=22) refuses: preloaded with --import, it
// makes the Node that runs it say it is v21.7.3. For test/unit/supported-node.spec.ts.
Object.defineProperty(process, 'version', { value: 'v21.7.3' });
Object.defineProperty(process.versions, 'node', { value: '21.7.3' });
