/** Content calls of the common pages: article detail and FAQ. */
import { api } from '../../lib/api';

export interface NewsDetail {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  content: string;
  thumbnail: string | null;
  created_at: number;
}

export interface FaqItem {
  id: number;
  question: string;
  answer: string;
}

const commonApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNewsDetail: build.query<NewsDetail, number>({
      query: (id) => ({ url: '/news/detail', params: { id } }),
      providesTags: ['Lang'],
    }),
    getFaq: build.query<FaqItem[], void>({
      query: () => ({ url: '/faq', method: 'GET' }),
      providesTags: ['Lang'],
    }),
  }),
});

export const { useGetNewsDetailQuery, useGetFaqQuery } = commonApi;
