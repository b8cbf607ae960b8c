import { i18n } from '../../i18n';
import { excelImportEnUS } from './locales/en-US';
import { excelImportZhCN } from './locales/zh-CN';

/** The Excel import dialog's namespace; importing this module registers it. */
export const EXCEL_IMPORT_NS = 'excelImport';

i18n.addResourceBundle('en-US', EXCEL_IMPORT_NS, excelImportEnUS, true, true);
i18n.addResourceBundle('zh-CN', EXCEL_IMPORT_NS, excelImportZhCN, true, true);
