/** Invitation: the people I invited and the rebates I earned. */
import { api } from '../../lib/api';
import type { PageArgs, Paged } from '../../lib/types';

export interface Invitee {
  id: number;
  account: string;
  created_at: number;
}

export interface Rebate {
  id: number;
  from_account: string;
  currency: string;
  amount: string;
  created_at: number;
}

const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInviteList: build.query<Paged<Invitee>, PageArgs>({
      query: (params) => ({ url: '/user/my_invite_list', params: { ...params } }),
      providesTags: ['Invite'],
    }),
    getProfitList: build.query<Paged<Rebate>, PageArgs>({
      query: (params) => ({ url: '/user/my_profit_list', params: { ...params } }),
      providesTags: ['Profit'],
    }),
  }),
});

export const { useLazyGetInviteListQuery, useLazyGetProfitListQuery } = shareApi;
