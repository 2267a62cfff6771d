/** The page's only styling: plain CSS, system fonts, readable printed or on screen. */
export const reportCss = `
:root { color-scheme: light; --line: #d0d7de; --muted: #57606a; --bad: #b42318; --warn: #9a6700; --ok: #1a7f37; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
  margin: 0 auto; max-width: 1200px; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 14px; margin: 0 0 4px; word-break: break-all; }
p { margin: 4px 0; }
.meta { color: var(--muted); }
.note { color: var(--muted); font-style: italic; }
.status { display: inline-block; padding: 1px 8px; border-radius: 10px; font-weight: 600; color: #fff; background: var(--ok); }
.status.interrupted { background: var(--warn); }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.file { word-break: break-all; max-width: 420px; }
.totals { width: auto; }
.totals td.num { min-width: 90px; }
.dropped, .skipped { color: var(--bad); }
.redacted { color: var(--warn); }
.histograms { display: flex; flex-wrap: wrap; gap: 16px; }
.histograms figure { margin: 0; border: 1px solid var(--line); padding: 8px; }
.histograms figcaption { font-weight: 600; margin-bottom: 4px; }
.chunk { border: 1px solid var(--line); border-left: 4px solid var(--bad); padding: 8px 12px; margin: 12px 0; }
.chunk pre { white-space: pre-wrap; word-break: break-word; background: #f6f8fa; padding: 8px; margin: 8px 0 0;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; max-height: 360px; overflow: auto; }
mark { background: #ffd8a8; color: inherit; border-bottom: 2px solid var(--bad); padding: 0 1px; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
`;
