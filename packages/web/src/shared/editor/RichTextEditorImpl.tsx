import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { Image } from '@tiptap/extension-image';
import type { EditorView } from '@tiptap/pm/view';
import { Button, Dropdown, Input, Popover, Progress, Select, Space, Tabs, Tooltip, Typography } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@openkefu/contract';
import { getProfile } from '../auth/profileStore';
import { parseError } from '../api/parseError';
import { AttachmentPickerDrawer } from '../components/Upload';
import { uploadFile, type UploadHandle } from '../components/Upload/uploadFile';
import { EDITOR_NS } from './i18n';
import { htmlToMarkdown, markdownToHtml } from './markdown';
import { EMPTY_RICH_TEXT, type RichTextEditorProps, type RichTextValue } from './types';
import './editor.css';

type Mode = 'rich' | 'markdown' | 'preview';

type PendingUpload = {
  id: number;
  name: string;
  percent: number;
  error: string | null;
  handle: UploadHandle | null;
};

const LINK_PATTERN = /^(https?:\/\/\S+|mailto:\S+)$/i;

/** Links may point at web pages and mail addresses only (never `javascript:`). */
export const isAllowedLink = (url: string): boolean => LINK_PATTERN.test(url.trim());

const imageFilesOf = (list: FileList | null | undefined): File[] =>
  [...(list ?? [])].filter((file) => file.type.startsWith('image/'));

/** tiptap reports an empty document as `<p></p>`; the form stores ''. */
const htmlOf = (editor: Editor): string => (editor.isEmpty ? '' : editor.getHTML());

const ToolButton = ({
  label,
  icon,
  isActive = false,
  isDisabled = false,
  onClick,
  children,
}: {
  label: string;
  icon?: ReactNode;
  isActive?: boolean;
  isDisabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) => (
  <Tooltip title={label} mouseEnterDelay={0.6}>
    <Button
      type={isActive ? 'primary' : 'text'}
      ghost={isActive}
      size="small"
      icon={icon}
      aria-label={label}
      aria-pressed={isActive}
      disabled={isDisabled}
      // Keep the editor's selection: a mousedown on the button would blur it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  </Tooltip>
);

const LinkButton = ({ editor, isDisabled }: { editor: Editor; isDisabled: boolean }) => {
  const { t } = useTranslation(EDITOR_NS);
  const [isOpen, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const isActive = editor.isActive('link');

  const open = (next: boolean) => {
    if (next) {
      setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
      setInvalid(false);
    }
    setOpen(next);
  };

  const apply = () => {
    const href = url.trim();
    if (!isAllowedLink(href)) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setOpen(false);
  };

  return (
    <Popover
      open={isOpen}
      onOpenChange={open}
      trigger="click"
      content={
        <Space direction="vertical" size={4} style={{ width: 280 }}>
          <Input
            aria-label={t('link.url')}
            placeholder="https://"
            value={url}
            status={isInvalid ? 'error' : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setInvalid(false);
            }}
            onPressEnter={apply}
            autoFocus
          />
          {isInvalid && <Typography.Text type="danger">{t('link.invalid')}</Typography.Text>}
          <Space>
            <Button type="primary" size="small" onClick={apply}>
              {t('link.apply')}
            </Button>
            {isActive && (
              <Button
                size="small"
                danger
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpen(false);
                }}
              >
                {t('link.remove')}
              </Button>
            )}
          </Space>
        </Space>
      }
    >
      <Button
        type={isActive ? 'primary' : 'text'}
        ghost={isActive}
        size="small"
        icon={<LinkOutlined />}
        aria-label={t('link.button')}
        aria-pressed={isActive}
        disabled={isDisabled}
        onMouseDown={(event) => event.preventDefault()}
      />
    </Popover>
  );
};

const Toolbar = ({
  editor,
  isDisabled,
  onPickImage,
}: {
  editor: Editor;
  isDisabled: boolean;
  onPickImage: () => void;
}) => {
  const { t } = useTranslation(EDITOR_NS);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      level: ([1, 2, 3, 4] as const).find((level) => current.isActive('heading', { level })) ?? 0,
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isStrike: current.isActive('strike'),
      isBulletList: current.isActive('bulletList'),
      isOrderedList: current.isActive('orderedList'),
      isBlockquote: current.isActive('blockquote'),
      isCodeBlock: current.isActive('codeBlock'),
      isInTable: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="ok-rte__toolbar" role="toolbar" aria-label={t('toolbar')}>
      <Select
        size="small"
        aria-label={t('block.label')}
        className="ok-rte__block"
        value={state.level}
        disabled={isDisabled}
        popupMatchSelectWidth={false}
        onChange={(level: number) => {
          if (level === 0) chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: level as 1 | 2 | 3 | 4 })
              .run();
        }}
        options={[
          { value: 0, label: t('block.paragraph') },
          { value: 1, label: t('block.h1') },
          { value: 2, label: t('block.h2') },
          { value: 3, label: t('block.h3') },
          { value: 4, label: t('block.h4') },
        ]}
      />
      <span className="ok-rte__divider" />
      <ToolButton
        label={t('bold')}
        icon={<BoldOutlined />}
        isActive={state.isBold}
        isDisabled={isDisabled}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label={t('italic')}
        icon={<ItalicOutlined />}
        isActive={state.isItalic}
        isDisabled={isDisabled}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label={t('strike')}
        icon={<StrikethroughOutlined />}
        isActive={state.isStrike}
        isDisabled={isDisabled}
        onClick={() => chain().toggleStrike().run()}
      />
      <span className="ok-rte__divider" />
      <ToolButton
        label={t('bulletList')}
        icon={<UnorderedListOutlined />}
        isActive={state.isBulletList}
        isDisabled={isDisabled}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label={t('orderedList')}
        icon={<OrderedListOutlined />}
        isActive={state.isOrderedList}
        isDisabled={isDisabled}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label={t('blockquote')}
        isActive={state.isBlockquote}
        isDisabled={isDisabled}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <span aria-hidden="true" className="ok-rte__quote">
          “
        </span>
      </ToolButton>
      <ToolButton
        label={t('codeBlock')}
        icon={<CodeOutlined />}
        isActive={state.isCodeBlock}
        isDisabled={isDisabled}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      <span className="ok-rte__divider" />
      <LinkButton editor={editor} isDisabled={isDisabled} />
      <Dropdown
        trigger={['click']}
        disabled={isDisabled}
        menu={{
          items: [
            { key: 'insert', label: t('table.insert') },
            { type: 'divider' },
            { key: 'addRowAfter', label: t('table.addRowAfter'), disabled: !state.isInTable },
            { key: 'addColumnAfter', label: t('table.addColumnAfter'), disabled: !state.isInTable },
            { key: 'deleteRow', label: t('table.deleteRow'), disabled: !state.isInTable },
            { key: 'deleteColumn', label: t('table.deleteColumn'), disabled: !state.isInTable },
            { key: 'deleteTable', label: t('table.deleteTable'), disabled: !state.isInTable, danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'insert') chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
            else if (key === 'addRowAfter') chain().addRowAfter().run();
            else if (key === 'addColumnAfter') chain().addColumnAfter().run();
            else if (key === 'deleteRow') chain().deleteRow().run();
            else if (key === 'deleteColumn') chain().deleteColumn().run();
            else if (key === 'deleteTable') chain().deleteTable().run();
          },
        }}
      >
        <Button
          type={state.isInTable ? 'primary' : 'text'}
          ghost={state.isInTable}
          size="small"
          icon={<TableOutlined />}
          aria-label={t('table.button')}
          onMouseDown={(event) => event.preventDefault()}
        />
      </Dropdown>
      <ToolButton
        label={t('image')}
        icon={<PictureOutlined />}
        isDisabled={isDisabled}
        onClick={onPickImage}
      />
      <span className="ok-rte__divider" />
      <ToolButton
        label={t('undo')}
        icon={<UndoOutlined />}
        isDisabled={isDisabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label={t('redo')}
        icon={<RedoOutlined />}
        isDisabled={isDisabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </div>
  );
};

/**
 * The rich-text editor (tiptap): toolbar, images from the attachment picker or pasted/dropped
 * (uploaded with progress, then inserted), a Markdown mode and a preview. Loaded lazily through
 * `RichTextEditor`; never import this module directly.
 */
export const RichTextEditorImpl = ({
  value = EMPTY_RICH_TEXT,
  onChange,
  ariaLabel,
  hasMarkdown = true,
  minHeight = 240,
  id,
  disabled = false,
}: RichTextEditorProps) => {
  const { t } = useTranslation(EDITOR_NS);
  const [mode, setMode] = useState<Mode>(hasMarkdown && value.markdown !== '' ? 'markdown' : 'rich');
  // The mode to return to from the preview, and whose text the preview shows.
  const [sourceMode, setSourceMode] = useState<'rich' | 'markdown'>(
    mode === 'markdown' ? 'markdown' : 'rich',
  );
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const nextUploadId = useRef(1);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // The HTML this editor last reported: a different incoming value was set from outside (a
  // loaded article, a restored version) and replaces the document.
  const reported = useRef(value.html);

  const emit = (next: RichTextValue) => {
    reported.current = next.html;
    latest.current.onChange?.(next);
  };

  const startUploads = (files: File[], view: EditorView, position: number | null) => {
    for (const file of files) {
      const id = nextUploadId.current++;
      setUploads((list) => [...list, { id, name: file.name, percent: 0, error: null, handle: null }]);
      const handle = uploadFile({
        kind: 'image',
        file,
        username: getProfile()?.username ?? '',
        onProgress: (fraction) =>
          setUploads((list) =>
            list.map((item) => (item.id === id ? { ...item, percent: Math.round(fraction * 100) } : item)),
          ),
      });
      setUploads((list) => list.map((item) => (item.id === id ? { ...item, handle } : item)));
      handle.promise.then(
        ({ attachment }) => {
          setUploads((list) => list.filter((item) => item.id !== id));
          if (view.isDestroyed) return;
          const node = view.state.schema.nodes.image?.create({
            src: attachment.path,
            alt: attachment.fileName,
          });
          if (!node) return;
          const at = position !== null ? Math.min(position, view.state.doc.content.size) : null;
          view.dispatch(
            at !== null ? view.state.tr.insert(at, node) : view.state.tr.replaceSelectionWith(node),
          );
        },
        (error: unknown) => {
          const message = parseError(error).message;
          setUploads((list) =>
            list.map((item) => (item.id === id ? { ...item, error: message, handle: null } : item)),
          );
        },
      );
    }
  };
  const uploadsRef = useRef(startUploads);
  uploadsRef.current = startUploads;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value.markdown !== '' && hasMarkdown ? markdownToHtml(value.markdown) : value.html,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'ok-rte__content ok-rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        style: `min-height: ${minHeight}px`,
      },
      handlePaste: (view, event) => {
        const files = imageFilesOf(event.clipboardData?.files);
        if (files.length === 0) return false;
        uploadsRef.current(files, view, null);
        return true;
      },
      handleDrop: (view, event, _slice, isMove) => {
        if (isMove) return false;
        const files = imageFilesOf(event.dataTransfer?.files);
        if (files.length === 0) return false;
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        uploadsRef.current(files, view, at?.pos ?? null);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      // The Markdown text is the source while that mode is on; the hidden document follows it.
      if (modeRef.current === 'markdown') return;
      emit({ html: htmlOf(current), markdown: '' });
    },
  });

  useEffect(() => {
    // Without `false` tiptap reports the toggle as an edit.
    if (editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value set from outside replaces what is shown.
  useEffect(() => {
    if (value.html === reported.current) return;
    reported.current = value.html;
    if (hasMarkdown && value.markdown !== '') {
      setMode((current) => (current === 'preview' ? current : 'markdown'));
      setSourceMode('markdown');
    } else {
      editor.commands.setContent(value.html, { emitUpdate: false });
      setMode((current) => (current === 'preview' ? current : 'rich'));
      setSourceMode('rich');
    }
  }, [editor, hasMarkdown, value.html, value.markdown]);

  useEffect(
    () => () => {
      for (const upload of uploads) upload.handle?.abort();
    },
    // Abort only what is still running when the editor goes away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    const from = mode === 'preview' ? sourceMode : mode;
    if (next !== 'preview' && next !== from) {
      if (next === 'markdown') {
        emit({ html: htmlOf(editor), markdown: htmlToMarkdown(htmlOf(editor)) });
      } else {
        const html = markdownToHtml(latest.current.value.markdown);
        editor.commands.setContent(html, { emitUpdate: false });
        emit({ html: htmlOf(editor), markdown: '' });
      }
    }
    if (next !== 'preview') setSourceMode(next);
    setMode(next);
  };

  // The preview shows HTML this editor produced — the tiptap schema's serialisation or
  // markdown-it's output without raw HTML — never a stored string as it came.
  const previewHtml = useMemo(
    () =>
      mode !== 'preview' ? '' : sourceMode === 'markdown' ? markdownToHtml(value.markdown) : htmlOf(editor),
    [editor, mode, sourceMode, value.markdown],
  );

  const pickImage = (attachment: Attachment) => {
    setPickerOpen(false);
    editor.chain().focus().setImage({ src: attachment.path, alt: attachment.fileName }).run();
  };

  const modes: { key: Mode; label: string }[] = [
    { key: 'rich', label: t('modes.rich') },
    ...(hasMarkdown ? [{ key: 'markdown' as const, label: t('modes.markdown') }] : []),
    { key: 'preview', label: t('modes.preview') },
  ];

  return (
    <div className={`ok-rte${disabled ? ' ok-rte--disabled' : ''}`} id={id}>
      <Tabs
        size="small"
        activeKey={mode}
        onChange={(key) => switchMode(key as Mode)}
        items={modes.map(({ key, label }) => ({ key, label }))}
        className="ok-rte__modes"
      />
      <div hidden={mode !== 'rich'}>
        <Toolbar editor={editor} isDisabled={disabled} onPickImage={() => setPickerOpen(true)} />
        {uploads.length > 0 && (
          <ul className="ok-rte__uploads" aria-live="polite">
            {uploads.map((upload) => (
              <li key={upload.id}>
                {upload.error ? (
                  <Typography.Text type="danger">
                    {t('upload.failed', { name: upload.name, message: upload.error })}
                  </Typography.Text>
                ) : (
                  <span>{t('upload.uploading', { name: upload.name })}</span>
                )}
                {!upload.error && (
                  <Progress
                    percent={upload.percent}
                    size="small"
                    className="ok-rte__progress"
                    aria-label={t('upload.uploading', { name: upload.name })}
                  />
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    upload.handle?.abort();
                    setUploads((list) => list.filter((item) => item.id !== upload.id));
                  }}
                >
                  {upload.error ? t('upload.dismiss') : t('upload.cancel')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <EditorContent editor={editor} />
      </div>
      {mode === 'markdown' && (
        <div className="ok-rte__markdown">
          <Input.TextArea
            aria-label={t('markdownLabel')}
            value={value.markdown}
            disabled={disabled}
            spellCheck={false}
            style={{ minHeight: minHeight + 40, fontFamily: 'monospace' }}
            onChange={(event) => {
              const markdown = event.target.value;
              emit({ html: markdownToHtml(markdown), markdown });
            }}
          />
          <Typography.Text type="secondary">{t('markdownHint')}</Typography.Text>
        </div>
      )}
      {mode === 'preview' &&
        (previewHtml === '' ? (
          <Typography.Paragraph type="secondary" className="ok-rte__preview" style={{ minHeight }}>
            {t('previewEmpty')}
          </Typography.Paragraph>
        ) : (
          <div
            className="ok-rte__preview ok-rich-text"
            style={{ minHeight }}
            data-testid="rich-text-preview"
            dangerouslySetInnerHTML={{ __html: previewHtml }}
          />
        ))}
      <AttachmentPickerDrawer
        open={isPickerOpen}
        mediaType="image"
        onClose={() => setPickerOpen(false)}
        onPick={pickImage}
      />
    </div>
  );
};
