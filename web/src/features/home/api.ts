/** Home screen calls: banners and notices, the pop-up notice, the quick-entry grid. */
import { api } from '../../lib/api';
import type { PageArgs, Paged } from '../../lib/types';

export interface NewsItem {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  thumbnail: string | null;
  created_at: number;
}

export interface PopNotice {
  id: number;
  title: string;
  content: string;
  created_at: number;
}

export interface MenuEntry {
  key: string;
  enabled: boolean;
}

const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNewsList: build.query<Paged<NewsItem>, PageArgs & { c_id: number }>({
      query: (params) => ({ url: '/news/list', params: { ...params } }),
      providesTags: ['Lang'],
    }),
    getIndexPop: build.query<PopNotice | null, void>({
      query: () => ({ url: '/news/index_pop', method: 'GET' }),
      providesTags: ['Lang'],
      extraOptions: { silent: true },
    }),
    getMenu: build.query<MenuEntry[], void>({
      query: () => ({ url: '/menu', method: 'GET' }),
    }),
  }),
});

export const { useGetNewsListQuery, useGetIndexPopQuery, useGetMenuQuery } = homeApi;
