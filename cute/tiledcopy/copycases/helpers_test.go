package copycases

import "github.com/tilecheck/tilecheck/cute/tiledcopy"

func tiledcopyParse(s string) (string, error) {
	c, err := tiledcopy.ParseCase(s)
	return c.String(), err
}
