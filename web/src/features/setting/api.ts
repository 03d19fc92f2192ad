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

const settingApi = api.injectEndpoints({
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
  }),
});

export const {
  useEditProfileMutation,
  useUploadMutation,
  useSetHeadPortraitMutation,
  useUpdatePasswordMutation,
  useBindMobileMutation,
  useBindEmailMutation,
} = settingApi;
