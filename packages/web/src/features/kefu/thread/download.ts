/* Moved to shared/api/download.ts (the Excel import's template download uses it too). */
export { downloadFile, fileNameOf, type Download } from '../../../shared/api/download';
