/** The `excelImport` namespace (shared Excel import dialog), en-US. zh-CN mirrors these keys. */
export const excelImportEnUS = {
  step1: '1. Download the template and fill in one row per item.',
  template: 'Download template',
  templateFailed: 'The template could not be downloaded: {{message}}',
  step2: '2. Upload the filled sheet (.xlsx or .csv).',
  drop: 'Click or drag a file here',
  hint: 'Rows with errors are not imported; the other rows are.',
  uploading: 'Uploading {{name}}…',
  cancel: 'Cancel upload',
  failed: 'Import failed',
  summary: 'Imported {{imported}} of {{total}} rows.',
  summaryNoTotal: 'Imported {{imported}} rows.',
  refused: '{{count}} rows have errors and were not imported; fix them and import those rows again.',
  nothing: 'The sheet holds no rows to import.',
  columns: { row: 'Row', field: 'Column', message: 'Problem' },
  again: 'Import another file',
  close: 'Close',
};
