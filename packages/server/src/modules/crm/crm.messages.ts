import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the CRM (registered with http/i18n.ts below). */
export const crmMessages = {
  'crm.customerNotFound': { 'en-US': 'Customer "{cid}" does not exist', 'zh-CN': '客户「{cid}」不存在' },
  'crm.fieldNotFound': {
    'en-US': 'Custom field "{fid}" does not exist',
    'zh-CN': '自定义字段「{fid}」不存在',
  },
  'crm.fieldKeyTaken': {
    'en-US': 'A custom field with the key "{key}" already exists',
    'zh-CN': '键为「{key}」的自定义字段已存在',
  },
  'crm.fieldOptionsRequired': {
    'en-US': 'A select field needs at least one option',
    'zh-CN': '下拉字段至少需要一个选项',
  },
  'crm.customFieldInvalid': {
    'en-US': 'Custom field "{field}" is not valid: {reason}',
    'zh-CN': '自定义字段「{field}」无效：{reason}',
  },
  'crm.ownerNotFound': {
    'en-US': 'The owner "{uid}" is not an account of this organisation',
    'zh-CN': '负责人「{uid}」不是本组织的账号',
  },
  'crm.mergeSame': { 'en-US': 'A customer cannot be merged into itself', 'zh-CN': '不能把客户合并到自身' },
  'crm.noteNotFound': { 'en-US': 'Note "{nid}" does not exist', 'zh-CN': '备注「{nid}」不存在' },
  'crm.viewNotFound': { 'en-US': 'Saved view "{viewId}" does not exist', 'zh-CN': '视图「{viewId}」不存在' },
  'crm.visitorNotFound': { 'en-US': 'Visitor "{vid}" does not exist', 'zh-CN': '访客「{vid}」不存在' },
  'crm.adminOnly': {
    'en-US': 'Only administrators may manage the identity secret',
    'zh-CN': '仅管理员可以管理身份签名密钥',
  },
  'crm.identityNotConfigured': {
    'en-US': 'This organisation does not accept signed identities yet',
    'zh-CN': '本组织尚未启用身份签名',
  },
  'crm.identitySignatureInvalid': {
    'en-US': 'The identity signature is not valid',
    'zh-CN': '身份签名无效',
  },
  'crm.importMappingInvalid': {
    'en-US': 'The column mapping is not valid JSON of the expected shape',
    'zh-CN': '列映射不是预期格式的 JSON',
  },
  'crm.importJobNotFound': {
    'en-US': 'Import "{jobId}" does not exist or has expired',
    'zh-CN': '导入任务「{jobId}」不存在或已过期',
  },
  'crm.importFailed': {
    'en-US': 'The import stopped because of a server error; rows written before it stay',
    'zh-CN': '导入因服务器错误中止，此前已写入的行保留',
  },
  'crm.duplicateInFile': {
    'en-US': 'the same email or mobile as row {row}',
    'zh-CN': '与第 {row} 行的邮箱或手机号相同',
  },
  'crm.export.fileName': { 'en-US': 'customers', 'zh-CN': '客户' },
  'crm.export.sheet': { 'en-US': 'Customers', 'zh-CN': '客户' },
  'crm.column.name': { 'en-US': 'Name', 'zh-CN': '姓名' },
  'crm.column.email': { 'en-US': 'Email', 'zh-CN': '邮箱' },
  'crm.column.mobile': { 'en-US': 'Mobile', 'zh-CN': '手机' },
  'crm.column.company': { 'en-US': 'Company', 'zh-CN': '公司' },
  'crm.column.description': { 'en-US': 'Description', 'zh-CN': '描述' },
  'crm.column.tags': { 'en-US': 'Tags', 'zh-CN': '标签' },
  'crm.column.owner': { 'en-US': 'Owner', 'zh-CN': '负责人' },
  'crm.column.channel': { 'en-US': 'Channel', 'zh-CN': '渠道' },
  'crm.column.lastContact': { 'en-US': 'Last contact', 'zh-CN': '最近联系' },
  'crm.column.createdAt': { 'en-US': 'Created', 'zh-CN': '创建时间' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    crm: typeof crmMessages;
  }
}

registerMessages(crmMessages);
