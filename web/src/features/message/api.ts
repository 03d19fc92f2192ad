/** Notifications: the paged list and marking as read. */
import { api } from '../../lib/api';
import type { PageArgs, Paged } from '../../lib/types';

export interface Notification {
  id: number;
  title: string;
  content: string;
  /** 0 unread, 1 read. */
  is_red: number;
  created_at: number;
}

const messageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeedbackList: build.query<Paged<Notification>, PageArgs & { is_red?: 0 | 1 }>({
      query: (params) => ({ url: '/feedback/list', params: { ...params } }),
      providesTags: ['Feedback'],
    }),
    /** Marks one notification, or all when no id is given; answers the unread count left. */
    readFeedback: build.mutation<{ unread: number }, { id?: number }>({
      query: (params) => ({ url: '/feedback/read', params: { ...params } }),
      invalidatesTags: ['Unread'],
    }),
  }),
});

export const { useLazyGetFeedbackListQuery, useReadFeedbackMutation } = messageApi;
