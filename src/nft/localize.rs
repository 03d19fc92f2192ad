//! The NFT screens' texts in the caller's language: artists', collections',
//! series' and items' intros (`crate::texts`), put in after the answer is
//! built in English.

use super::artists::{Artist, ArtistDetail, Collection};
use super::boxes::{SeriesCard, SeriesDetail};
use super::catalogue::ItemDetail;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::state::AppState;
use crate::texts::{localize, Field};

pub async fn artists(state: &AppState, lang: Lang, list: &mut [Artist]) -> ApiResult<()> {
    let items = list.iter_mut().map(|a| (a.id, &mut a.intro));
    localize(&state.db, Field::ArtistIntro, lang, items).await
}

pub async fn collections(state: &AppState, lang: Lang, list: &mut [Collection]) -> ApiResult<()> {
    let items = list.iter_mut().map(|c| (c.id, &mut c.intro));
    localize(&state.db, Field::CollectionIntro, lang, items).await
}

pub async fn series(state: &AppState, lang: Lang, list: &mut [SeriesCard]) -> ApiResult<()> {
    let items = list.iter_mut().map(|s| (s.id, &mut s.intro));
    localize(&state.db, Field::SeriesIntro, lang, items).await
}

pub async fn artist_detail(state: &AppState, lang: Lang, d: &mut ArtistDetail) -> ApiResult<()> {
    artists(state, lang, std::slice::from_mut(&mut d.artist)).await?;
    collections(state, lang, &mut d.collections).await
}

pub async fn series_detail(state: &AppState, lang: Lang, d: &mut SeriesDetail) -> ApiResult<()> {
    series(state, lang, std::slice::from_mut(&mut d.series)).await
}

pub async fn item_detail(state: &AppState, lang: Lang, d: &mut ItemDetail) -> ApiResult<()> {
    let items = [(d.item.id, &mut d.intro)];
    localize(&state.db, Field::ItemIntro, lang, items).await
}
