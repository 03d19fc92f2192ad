/** Profile and security calls. Calls that answer the updated user refresh the session's user. */
import { api } from '../../lib/api';
import { userUpdated } from '../../lib/session';
import type { User } from '../../lib/types';

/** Keeps the session and the cached user info in step with a call that answers the user. */
async function storeUser(
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<{ data: User }>,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(userUpdated(data));
    dispatch(api.util.upsertQueryData('getUserInfo', undefined, data));
  } catch {
    // The base query already told the user.
  }
}

/** One signed-in session of the user (`GET /safe/sessions`). */
export interface DeviceSession {
  id: number;
  /** Named from the login's user agent; empty when unknown. */
  browser: string;
  os: string;
  mobile: boolean;
  /** The login's address, coarse (`203.0.113.x`). */
  ip: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** The session making the call: this device. */
  current: boolean;
}

/** What an ending answered. */
export interface Ended {
  ended: number;
  current: boolean;
}

const settingApi = api.enhanceEndpoints({ addTagTypes: ['Sessions'] }).injectEndpoints({
  endpoints: (build) => ({
    editProfile: build.mutation<User, { nickname?: string; signature?: string }>({
      query: (params) => ({ url: '/user/editNickname', params }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
    /** Uploads a picture; answers its address. */
    upload: build.mutation<string, File>({
      query: (file) => {
        const formData = new FormData();
        formData.append('file', file);
        return { url: '/upload', formData };
      },
    }),
    setHeadPortrait: build.mutation<User, string>({
      query: (head_portrait) => ({ url: '/user/uploadHeadPortrait', params: { head_portrait } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
    updatePassword: build.mutation<string, { type: 'login' | 'pay'; password: string; re_password: string; code: string }>({
      query: (params) => ({ url: '/safe/update_password', params: { ...params } }),
    }),
    bindMobile: build.mutation<User, { area_code: string; mobile: string; code: string }>({
      query: (params) => ({ url: '/safe/mobile', params: { ...params } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
    bindEmail: build.mutation<User, { email: string; code: string }>({
      query: (params) => ({ url: '/safe/email', params: { ...params } }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => storeUser(dispatch, queryFulfilled),
    }),
    /** The user's signed-in sessions, most recently used first. */
    getSessions: build.query<DeviceSession[], void>({
      query: () => ({ url: '/safe/sessions', method: 'GET' }),
      providesTags: ['Sessions'],
    }),
    /** Logs one other device out: its token stops working and its live connection closes. */
    endSession: build.mutation<Ended, number>({
      query: (id) => ({ url: '/safe/sessions/end', params: { id } }),
      invalidatesTags: ['Sessions'],
    }),
    /** Logs every other device out; this one stays signed in. */
    endOtherSessions: build.mutation<Ended, void>({
      query: () => ({ url: '/safe/sessions/end_others' }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useEditProfileMutation,
  useUploadMutation,
  useSetHeadPortraitMutation,
  useUpdatePasswordMutation,
  useBindMobileMutation,
  useBindEmailMutation,
  useGetSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = settingApi;
