/** Calls of login, registration and password recovery. */
import { api } from '../../lib/api';

export interface RegisterArgs {
  type: 'email' | 'mobile';
  user_string: string;
  area_code?: string;
  code: string;
  password: string;
  re_password: string;
  extension_code?: string;
}

export interface ForgetArgs {
  account: string;
  code: string;
  password: string;
  repassword: string;
}

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Answers the token. */
    login: build.mutation<string, { user_string: string; password: string }>({
      query: (params) => ({ url: '/user/login', params }),
    }),
    register: build.mutation<string, RegisterArgs>({
      query: (params) => ({ url: '/user/register', params: { ...params } }),
    }),
    forget: build.mutation<string, ForgetArgs>({
      query: (params) => ({ url: '/user/forget', params: { ...params } }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useForgetMutation } = authApi;
