// The comparison and matrix pages' one stylesheet (inline in each page: they open from disk).
// The outcome colours are the compatibility page's (src/report/compatibility/colours.ts).
import { STATUS_COLOUR } from '../report/compatibility/colours.js';

export const PAGE_CSS = `
:root { --fg:#1c2330; --muted:#5b6575; --line:#dde3ea; --bg:#f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0; background: #fff; }
main { max-width: 1280px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 8px; } h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 14px; margin: 0 0 4px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; } th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
td.n { text-align: right; white-space: nowrap; }
.meta th { font-weight: 600; color: var(--muted); white-space: nowrap; }
.summary { display: flex; gap: 18px; align-items: center; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px; margin: 16px 0; }
.summary .big { font-size: 40px; font-weight: 700; line-height: 1; }
.caveat { background: #fff8e1; border: 1px solid #ffe082; border-radius: 6px; padding: 6px 10px; }
.pill { display: inline-block; padding: 0 8px; border-radius: 10px; color: #fff; font-size: 12px; font-weight: 600; }
.pill.gate { background: #b71c1c; } .pill.breaking { background: #e65100; }
.item { border: 1px solid var(--line); border-left: 4px solid #90a4ae; border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
.item.breaking { border-left-color: #e65100; } .item.gates { border-left-color: #b71c1c; }
.item table.sides { width: 100%; } .item table.sides th { width: 40px; color: var(--muted); }
.sig { font: 11px ui-monospace, monospace; color: var(--muted); word-break: break-all; }
pre.cmd { background: var(--bg); border: 1px solid var(--line); padding: 4px 8px; border-radius: 6px; white-space: pre-wrap; word-break: break-all; font: 12px/1.4 ui-monospace, monospace; margin: 4px 0; }
code { font: 12px ui-monospace, monospace; background: var(--bg); padding: 0 3px; border-radius: 3px; }
table.matrix td.cell { text-align: center; font-size: 12px; font-weight: 600; color: #fff; white-space: nowrap; }
table.matrix td.cell.conformant { background: ${STATUS_COLOUR.conformant}; } table.matrix td.cell.failing { background: ${STATUS_COLOUR.failing}; }
table.matrix td.cell.unsupported { background: ${STATUS_COLOUR.unsupported}; } table.matrix td.cell.untested { background: ${STATUS_COLOUR.untested}; color: #263238; }
table.matrix th.group { background: var(--bg); }
table.matrix tr.changed td.op { font-weight: 600; }
.legend span { display: inline-block; margin-right: 12px; } .legend i { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
details { margin: 6px 0; } summary { cursor: pointer; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
`;
