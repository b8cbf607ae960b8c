import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchSurveyPage, fetchSurveyVersions } from './api';
import { FORM_NS } from './i18n';

/** The form a result or statistic page is about: `?fid=` in the address, chosen from a searchable list. */
export const useFormParam = (): [string | null, (fid: string | null) => void] => {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = (fid: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (fid) next.set('fid', fid);
      else next.delete('fid');
      return next;
    });
  return [searchParams.get('fid'), set];
};

export const FormPicker = ({
  fid,
  onChange,
}: {
  fid: string | null;
  onChange: (fid: string | null) => void;
}) => {
  const { t } = useTranslation(FORM_NS);
  const [search, setSearch] = useState('');
  const forms = useQuery({
    queryKey: ['form', 'survey', 'pick', search],
    queryFn: () => fetchSurveyPage({ page: 0, size: 50, ...(search ? { q: search } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      aria-label={t('picker.form')}
      placeholder={t('picker.form')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={forms.isFetching}
      style={{ minWidth: 260 }}
      value={fid ?? undefined}
      onChange={(value?: string) => onChange(value ?? null)}
      notFoundContent={forms.isPending ? null : t('picker.none')}
      options={(forms.data?.content ?? []).map((form) => ({ value: form.fid, label: form.title }))}
    />
  );
};

export const VersionPicker = ({
  fid,
  value,
  onChange,
}: {
  fid: string;
  value: number | undefined;
  onChange: (version: number | undefined) => void;
}) => {
  const { t } = useTranslation(FORM_NS);
  const versions = useQuery({ queryKey: ['form', 'versions', fid], queryFn: () => fetchSurveyVersions(fid) });
  return (
    <Select
      aria-label={t('picker.version')}
      placeholder={t('picker.allVersions')}
      allowClear
      style={{ minWidth: 160 }}
      value={value}
      onChange={(next?: number) => onChange(next)}
      options={(versions.data ?? []).map((version) => ({
        value: version.version,
        label: t('picker.versionN', { version: version.version }),
      }))}
    />
  );
};
