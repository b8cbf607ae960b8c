export { ExcelImportModal, type ExcelImportModalProps } from './ExcelImportModal';
export { importFile, type ImportReport, type ImportRowError } from './importFile';
