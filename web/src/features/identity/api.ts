/**
 * Identity calls (docs/api.md, "Identity, addresses and cards"): verification
 * requests, saved withdrawal addresses and bank cards. The reads they refresh
 * (state, addresses, cards) are shared in shared/funds/api.ts.
 */
import { fundsApi, type BankCard, type BankKind } from '../../shared/funds/api';

export type IdType = 'id_card' | 'passport' | 'driver_license';

export interface Level1Request {
  real_type: 1;
  id_type: IdType;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  erc_address?: string;
  trc_address?: string;
}

export interface Level2Request {
  real_type: 2;
  front_pic: string;
  reverse_pic: string;
}

const identityApi = fundsApi.injectEndpoints({
  endpoints: (build) => ({
    submitVerification: build.mutation<string, Level1Request | Level2Request>({
      query: (params) => ({ url: '/user/real', params: { ...params } }),
      invalidatesTags: ['RealState'],
    }),
    saveAddress: build.mutation<{ id: number }, { currency: number; name: string; address: string; qrcode: string }>({
      query: (params) => ({ url: '/user/wallet/save', params: { ...params } }),
      invalidatesTags: ['SavedAddress'],
    }),
    deleteAddress: build.mutation<string, { id: number }>({
      query: (params) => ({ url: '/user/wallet/del', params: { ...params } }),
      invalidatesTags: ['SavedAddress'],
    }),
    saveBankCard: build.mutation<BankCard, { kind: BankKind; card: BankCard }>({
      query: ({ kind, card }) => ({
        url: kind === 'international' ? '/user/cash_save_international' : '/user/cash_save',
        params: { ...card },
      }),
      invalidatesTags: (_r, _e, { kind }) => [{ type: 'BankCard', id: kind }],
    }),
  }),
});

export const { useSubmitVerificationMutation, useSaveAddressMutation, useDeleteAddressMutation, useSaveBankCardMutation } = identityApi;
