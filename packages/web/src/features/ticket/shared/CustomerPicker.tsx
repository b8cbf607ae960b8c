import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { searchCustomers } from './api';
import { TICKET_NS } from './i18n';

export type CustomerPickerProps = {
  /** cid of the chosen customer (a Form.Item passes it). */
  value?: string | null;
  onChange?: (cid: string | null) => void;
  /** The ticket's customer, so the current choice reads as a name before any search. */
  current?: Ticket['customer'];
  id?: string;
  disabled?: boolean;
};

/** Picks a CRM customer by name, email, mobile or company (`GET /api/customer/query?keyword=`). */
export const CustomerPicker = ({ value, onChange, current, id, disabled }: CustomerPickerProps) => {
  const { t } = useTranslation(TICKET_NS);
  const [keyword, setKeyword] = useState('');
  const search = useQuery({
    queryKey: ['ticket', 'customers', keyword],
    queryFn: () => searchCustomers(keyword),
    retry: false,
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const found = (search.data ?? []).map((customer) => ({
      value: customer.cid,
      label: [customer.name, customer.email || customer.mobile].filter(Boolean).join(' · '),
    }));
    if (current && !found.some((option) => option.value === current.cid))
      found.unshift({
        value: current.cid,
        label: [current.name, current.email].filter(Boolean).join(' · '),
      });
    return found;
  }, [search.data, current]);
  return (
    <Select
      id={id}
      aria-label={t('fields.customer')}
      style={{ width: 260 }}
      allowClear
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      placeholder={t('fields.noCustomer')}
      value={value ?? null}
      onChange={(cid: string | null | undefined) => onChange?.(cid ?? null)}
      loading={search.isFetching}
      notFoundContent={search.isError ? parseError(search.error).message : t('fields.noCustomerMatch')}
      options={options}
    />
  );
};
