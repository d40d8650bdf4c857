// Tailwind CSS v4 runs as a PostCSS plugin inside Next's build; its configuration lives in app/globals.css.
const config = {
  plugins: { "@tailwindcss/postcss": {} },
};

export default config;
