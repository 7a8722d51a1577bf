import { useQuotes } from '../../components/use-quotes.ts';
import { BannerCarousel } from './BannerCarousel.tsx';
import { Claims, DownloadQr, FinalCta, HelpCentre, NoticesCard, Promos } from './ContentBlocks.tsx';
import { Hero } from './Hero.tsx';
import { GainersCard, HomeMarketTable } from './MarketBlocks.tsx';
import '../../components/components.css';
import './home.css';

/** Spec §2 "Home": the landing page a newcomer sees first. */
export default function HomePage() {
  const quotes = useQuotes();
  return (
    <div className="home-page">
      <Hero
        aside={
          <>
            <GainersCard quotes={quotes} />
            <NoticesCard />
          </>
        }
      />
      <div className="home-body">
        <BannerCarousel />
        <HomeMarketTable quotes={quotes} />
        <Claims liveMarkets={quotes.rows.size} />
        <Promos />
        <div className="home-split">
          <HelpCentre />
          <DownloadQr />
        </div>
      </div>
      <FinalCta />
    </div>
  );
}
