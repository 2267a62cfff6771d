// The HTML report: a pure function of `report.json`'s content.
export { renderReportHtml, reportCsp } from "./render-report.js";
