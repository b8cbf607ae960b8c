import {
  authorizedChannelTypes,
  channelTypes,
  platformAppChannelTypes,
  webhookChannelTypes,
} from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { adapterOf } from './channel.registry.js';

describe('channel registry', () => {
  it('has an adapter for exactly the channels the contract gives a webhook', () => {
    const withAdapter = channelTypes.filter((type) => adapterOf(type) !== undefined);
    expect(withAdapter.sort()).toEqual([...webhookChannelTypes].sort());
  });

  it('offers a grant for exactly the channels the contract says are authorised or may use the platform app', () => {
    const withGrant = channelTypes.filter((type) => adapterOf(type)?.authorizeUrl !== undefined);
    expect(withGrant.sort()).toEqual(
      [...new Set([...authorizedChannelTypes, ...platformAppChannelTypes])].sort(),
    );
  });

  it('routes pushes to the platform app for exactly the channels that may use it', () => {
    const routed = channelTypes.filter((type) => adapterOf(type)?.platformApp !== undefined);
    expect(routed.sort()).toEqual([...platformAppChannelTypes].sort());
  });
});
