import { authorizedChannelTypes, channelTypes, webhookChannelTypes } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { adapterOf } from './channel.registry.js';

describe('channel registry', () => {
  it('has an adapter for exactly the channels the contract gives a webhook', () => {
    const withAdapter = channelTypes.filter((type) => adapterOf(type) !== undefined);
    expect(withAdapter.sort()).toEqual([...webhookChannelTypes].sort());
  });

  it('offers an OAuth grant for exactly the channels the contract says are authorised', () => {
    const withGrant = channelTypes.filter((type) => adapterOf(type)?.authorizeUrl !== undefined);
    expect(withGrant.sort()).toEqual([...authorizedChannelTypes].sort());
  });
});
